export * from "./jobs";
export * from "./events";
