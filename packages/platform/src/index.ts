export * from "./queue-backend";
export * from "./event-bus";
export * from "./job-runner";
export * from "./secrets";
