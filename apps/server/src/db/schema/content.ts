// Content tables: messages, policies, cards, channel forms, profile, logs, user centre (server-data owner).
export {};
