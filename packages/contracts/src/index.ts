export * from "./jobs";
export * from "./events";
export * from "./signing";
export * from "./notifications";
export * from "./site";
