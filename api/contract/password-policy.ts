/**
 * The password rule shared by the server's schemas and the browser forms. Kept free of
 * imports so islands can use it without bundling the hashing library.
 */
export const MIN_PASSWORD_LENGTH = 10;
