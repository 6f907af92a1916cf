/** Role codes: lower-case letter first, then 1-31 of lower-case letters, digits and `-`. */
export const ROLE_CODE_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;
