/**
 * RSA-OAEP with node-forge (DESIGN §4), loaded only when a password is first encrypted (api/users.ts):
 * the login page shows and takes input without it, and it arrives beside the public key.
 */
import forge from 'node-forge/lib/forge'
import 'node-forge/lib/asn1'
import 'node-forge/lib/pem'
import 'node-forge/lib/rsa'
import 'node-forge/lib/sha256'
import 'node-forge/lib/util'

export type PasswordKey = forge.pki.rsa.PublicKey

/** What forge's x509 module does for an SPKI / PKCS#1 PEM, without pulling x509 (and pbe, pkcs12, ...). */
export function publicKeyFromPem(pem: string): PasswordKey {
  const msg = forge.pem.decode(pem)[0]
  if (!msg || (msg.type !== 'PUBLIC KEY' && msg.type !== 'RSA PUBLIC KEY')) throw new Error('服务器返回的公钥格式不正确')
  if (msg.procType && msg.procType.type === 'ENCRYPTED') throw new Error('服务器返回的公钥格式不正确')
  return forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(msg.body)) as PasswordKey
}

/** base64 of RSA-OAEP (SHA-256, MGF1 SHA-256) over the UTF-8 of `text` */
export function encryptText(key: PasswordKey, text: string): string {
  const bytes = key.encrypt(forge.util.encodeUtf8(text), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  })
  return forge.util.encode64(bytes)
}
