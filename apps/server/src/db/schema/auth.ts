// Accounts, sessions, nonces, login attempts, captchas, SMS codes, preferences (server-core owner).
export {};
