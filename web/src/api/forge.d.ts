// node-forge in parts (the full library is ~80 kB gzipped): the `forge` object of lib/forge gets its
// namespaces (rsa, pki.publicKeyFromAsn1, pem, asn1, md.sha256, util) from the side-effect imports.
declare module 'node-forge/lib/forge' {
  import forge from 'node-forge'
  export default forge
}
declare module 'node-forge/lib/rsa'
declare module 'node-forge/lib/pem'
declare module 'node-forge/lib/asn1'
declare module 'node-forge/lib/sha256'
declare module 'node-forge/lib/util'
