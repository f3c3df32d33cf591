import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { http } from '../app/api';

// react-router 7 expects the WHATWG encoders, which jsdom does not expose.
Object.assign(globalThis, { TextEncoder, TextDecoder });

function installBrowserStubs() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: jest.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: jest.fn(),
      removeListener: jest.fn(),
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
      dispatchEvent: jest.fn(),
    })),
  });
  Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: jest.fn() });
  Element.prototype.scrollIntoView = jest.fn();
}

installBrowserStubs();

// No real network in tests: a request nobody mocked fails like an unreachable server.
http.defaults.adapter = (config) =>
  Promise.reject(new Error(`Unmocked request in test: ${config.method?.toUpperCase()} ${config.url}`));

beforeEach(() => {
  installBrowserStubs();

// No real network in tests: a request nobody mocked fails like an unreachable server.
http.defaults.adapter = (config) =>
  Promise.reject(new Error(`Unmocked request in test: ${config.method?.toUpperCase()} ${config.url}`));
  window.localStorage.clear();
});
