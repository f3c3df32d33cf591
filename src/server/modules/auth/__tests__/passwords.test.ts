import { hashPassword, SCRYPT_N, useTestScryptCost, verifyPassword } from '../passwords';

describe('password hashes', () => {
  afterEach(() => useTestScryptCost(SCRYPT_N));

  it('hash at the production cost (scrypt N = 2^15, r = 8, p = 1) unless a test suite lowers it', async () => {
    expect(SCRYPT_N).toBe(2 ** 15);
    const stored = await hashPassword('Carnet-Tr3s-Solide');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('Carnet-Tr3s-Solide', stored)).toBe(true);
    expect(await verifyPassword('Carnet-Tr3s-Solid', stored)).toBe(false);
  });

  it('verify a hash at the cost it records, whatever the current one', async () => {
    useTestScryptCost(1024);
    const cheap = await hashPassword('Carnet-Tr3s-Solide');
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    useTestScryptCost(SCRYPT_N);
    expect(await verifyPassword('Carnet-Tr3s-Solide', cheap)).toBe(true);
    expect(await verifyPassword('carnet-Tr3s-Solide', cheap)).toBe(false);
  });
});
