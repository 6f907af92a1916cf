// Demo content seeded after the accounts exist (server-data owner). Called by the seed orchestrator.
export {};
