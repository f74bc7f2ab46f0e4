export * from "./queue-backend";
