/** Password length rules, shared by the browser forms and the server (no hashing code here). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
