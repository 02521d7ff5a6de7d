import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FILES_BASE, fileUrl, getFilesBase, setFilesBase } from './files';
import { apiClient, apiUrl, configureApi } from './api-client';

afterEach(() => {
  setFilesBase(DEFAULT_FILES_BASE);
  apiClient.defaults.baseURL = '/api';
});

describe('fileUrl', () => {
  it('prefixes the part after public/ with the files base', () => {
    expect(fileUrl('public/uploads/ads/banner.png')).toBe('/files/uploads/ads/banner.png');
    expect(fileUrl('/srv/app/public/community/cover.jpg')).toBe('/files/community/cover.jpg');
    expect(fileUrl('C:\\app\\public\\team\\a.png')).toBe('/files/team/a.png');
  });

  it('keeps paths without public/ whole (minus leading slashes)', () => {
    expect(fileUrl('/images/a.png')).toBe('/files/images/a.png');
    expect(fileUrl('republic/a.png')).toBe('/files/republic/a.png');
  });

  it("returns '' for empty input", () => {
    expect(fileUrl('')).toBe('');
    expect(fileUrl('   ')).toBe('');
    expect(fileUrl(null)).toBe('');
    expect(fileUrl(undefined)).toBe('');
  });

  it('passes absolute URLs through', () => {
    expect(fileUrl('https://cdn.example.ae/public/a.png')).toBe('https://cdn.example.ae/public/a.png');
    expect(fileUrl('http://x.ae/a.png')).toBe('http://x.ae/a.png');
    expect(fileUrl('//cdn.example.ae/a.png')).toBe('//cdn.example.ae/a.png');
    expect(fileUrl('data:image/png;base64,AAA')).toBe('data:image/png;base64,AAA');
  });

  it('uses the configured base (with or without a trailing slash)', () => {
    configureApi({ baseURL: 'https://platform.example/api', filesBase: 'https://platform.example/files' });
    expect(getFilesBase()).toBe('https://platform.example/files/');
    expect(fileUrl('public/a.png')).toBe('https://platform.example/files/a.png');
    expect(apiClient.defaults.baseURL).toBe('https://platform.example/api');
    expect(fileUrl('public/a.png', '/other/')).toBe('/other/a.png');
  });
});

describe('apiUrl', () => {
  it('makes a path relative to the API base absolute, on this page or on another origin', () => {
    expect(apiUrl('research-community/3/file?token=t')).toBe(`${window.location.origin}/api/research-community/3/file?token=t`);
    expect(apiUrl('/library/2/file')).toBe(`${window.location.origin}/api/library/2/file`);
    configureApi({ baseURL: 'https://platform.example/api/' });
    expect(apiUrl('research-community/3/socket')).toBe('https://platform.example/api/research-community/3/socket');
  });
});
