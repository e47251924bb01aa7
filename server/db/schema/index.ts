export * from "./identity";
export * from "./tenancy";
export * from "./platform";
export * from "./learning";
export * from "./billing";
export * from "./live";
export * from "./documents";
