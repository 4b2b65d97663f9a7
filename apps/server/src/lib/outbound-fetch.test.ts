import { describe, expect, it } from 'vitest';
import { isPublicAddress, pointsToPublicAddresses, publicOnlyFetch } from './outbound-fetch.js';

describe('outbound addresses', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.5',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['1.1.1.1', '95.213.4.7', '2a00:1450:4010:c0e::8a', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('judges a name by every address it resolves to', async () => {
    expect(await pointsToPublicAddresses(new URL('http://localhost:8080'))).toBe(false);
    expect(await pointsToPublicAddresses(new URL('https://[::1]'))).toBe(false);
    expect(await pointsToPublicAddresses(new URL('https://1.1.1.1'))).toBe(true);
    expect(await pointsToPublicAddresses(new URL('https://no-such-host.invalid'))).toBeNull();
  });

  it('refuses to connect to a private address, by literal or by name', async () => {
    await expect(publicOnlyFetch('http://127.0.0.1:1/')).rejects.toMatchObject({
      cause: { name: 'OutboundAddressRefused' },
    });
    await expect(publicOnlyFetch('http://localhost:1/')).rejects.toMatchObject({
      cause: { name: 'OutboundAddressRefused' },
    });
  });
});
