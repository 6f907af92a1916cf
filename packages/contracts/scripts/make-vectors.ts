// Regenerates vectors/signing.json from fixed inputs: `npx tsx packages/contracts/scripts/make-vectors.ts`.
// The vectors are committed so any other client can check its own signing code against them.
import { writeFileSync } from 'node:fs';
import { computeSignature, requiredSignedHeaders } from '../src/signing.ts';

const credential = { keyId: 'console-2026', secret: 'atrium-test-secret-do-not-use' };
const base = { 'x-date': '20261121T093015Z', 'x-fingerprint': 'fp-3f2a9c', 'x-nonce': '0123456789abcdef0123456789abcdef' };

const cases = [
  { name: 'GET without token or query', method: 'GET', path: '/auth/captcha', query: '', headers: { ...base }, body: '' },
  {
    name: 'GET with token and an unsorted, encoded query',
    method: 'GET',
    path: '/api/list/policy',
    query: 'status=online&name=%E7%AD%96%E7%95%A5+A&current=2&createdTime=2026-11-01&createdTime=2026-10-01&pageSize=10&flag',
    headers: { ...base, 'access-token': 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCD' },
    body: '',
  },
  {
    name: 'POST JSON body with token',
    method: 'POST',
    path: '/api/message/read',
    query: '',
    headers: { ...base, 'access-token': 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCD', 'content-type': 'application/json' },
    body: '{"ids":[1,2,3]}',
  },
  {
    name: 'POST login with UTF-8 body and messy header whitespace',
    method: 'post',
    path: '/api/user/login',
    query: '',
    headers: { ...base, 'x-fingerprint': 'fp-3f2a9c', 'content-type': '  application/json;   charset=utf-8 ' },
    body: '{"username":"管理员","password":"p@ss word"}',
  },
  {
    name: 'DELETE with a path parameter and reserved characters in the query',
    method: 'DELETE',
    path: '/api/list/policy/42',
    query: "a=b%20c&a=b+c&z=!'()*&~x=%7e",
    headers: { ...base, 'access-token': 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCD' },
    body: '',
  },
  {
    name: 'GET where + and %2B are both a literal plus and %20 is a space',
    method: 'GET',
    path: '/api/list/policy',
    query: 'name=a+b&name=a%2Bb&number=a%20b',
    headers: { ...base, 'access-token': 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCD' },
    body: '',
  },
];

const vectors = [];
for (const c of cases) {
  const signedHeaders = requiredSignedHeaders(Object.keys(c.headers), c.body.length > 0);
  const parts = await computeSignature(credential, { ...c, signedHeaders });
  vectors.push({ ...c, keyId: credential.keyId, secret: credential.secret, signedHeaders: parts.signedHeaders, ...parts });
}
writeFileSync(new URL('../vectors/signing.json', import.meta.url), JSON.stringify({ algorithm: 'ATRIUM-HMAC-SHA256', vectors }, null, 2) + '\n');
console.log(`wrote ${vectors.length} vectors`);
