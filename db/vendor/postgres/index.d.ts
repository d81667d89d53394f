// The patched copy has the API of the installed postgres package (same version): use its types.
export { default } from 'postgres';
