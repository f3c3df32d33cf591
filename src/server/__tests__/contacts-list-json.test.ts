import { createTestApp, signUp, type TestApp } from '../test/test-app';

/**
 * The contact list is serialised by the database (db/json-rows.ts): it must say exactly what the
 * rows hold, hostile characters included, and only the owner's rows, in id order.
 */
let t: TestApp;
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
});
afterAll(() => t.close());

const TRICKY = [
  { name: 'Zoé "la Dure" Faure', email: 'zoe@exemple.fr', company: 'Back\\slash & </script>', phone: '+33 6 00 00 00 00', category: 'prospect' },
  { name: 'Émoji 🎉 Œuvrard', email: '', company: 'Ligne\u2028séparée', phone: '', category: 'partenaire' },
  { name: 'Tab\there', email: 'a@b.fr', company: '\u00a0insécable\u202f', phone: '01', category: 'client' },
  { name: '12345', email: 'n@b.fr', company: 'null', phone: 'true', category: 'client' },
];

it('lists exactly the stored fields of the owner’s contacts, in id order', async () => {
  const other = await signUp(t);
  await t.app.inject({ method: 'POST', url: '/api/contacts/', headers: other.auth, payload: { name: 'Pas à moi' } });
  const created = [];
  for (const c of TRICKY) {
    const res = await t.app.inject({ method: 'POST', url: '/api/contacts/', headers: user.auth, payload: c });
    expect(res.statusCode).toBe(201);
    created.push(res.json() as { id: number; name: string; email: string; phone: string; company: string; category: string; client_type: string });
  }
  const res = await t.app.inject({ method: 'GET', url: '/api/contacts/', headers: user.auth });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const list = res.json();
  expect(list).toEqual(
    created.map(({ id, name, email, phone, company, category, client_type }) => ({ id, name, email, phone, company, category, client_type })),
  );
  if (t.database.dialect === 'sqlite') expect(res.body).toBe(JSON.stringify(list));
});

it('answers an empty array for a user without contacts', async () => {
  const empty = await signUp(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/contacts/', headers: empty.auth });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual([]);
});
