export * from "./jobs";
export * from "./events";
export * from "./signing";
export * from "./site";
export * from "./notifications";
export * from "./mall";
