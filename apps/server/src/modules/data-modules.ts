// Registers the data modules (messages, workplace, lists, forms, profile, user centre) on the app.
// Called once by app.ts after the core plugins (server-data owner).
export {};
