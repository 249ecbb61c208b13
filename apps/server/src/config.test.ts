import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('settings', () => {
  it('starts with zero configuration on SQLite under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('names every wrong setting in one message', () => {
    const attempt = () => loadConfig({ PORT: 'tretti', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*PUBLIC_URL/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  describe('file archive', () => {
    const s3 = {
      S3_ENDPOINT: 'http://minio.internal:9000/',
      S3_BUCKET: 'tun-files',
      S3_ACCESS_KEY_ID: 'tun',
      S3_SECRET_ACCESS_KEY: 's3cr3t/+x',
    };

    it('keeps files on disk under DATA_DIR/files, with the default limits, when nothing is set', () => {
      const { files } = loadConfig({ DATA_DIR: '/srv/tun' });
      expect(files).toEqual({
        storage: { kind: 'disk', dir: '/srv/tun/files' },
        sizeLimitBytes: 2048 * 1024 * 1024,
        quotaBytes: 51_200 * 1024 * 1024,
        uploadExpiryMs: 24 * 3_600_000,
      });
    });

    it('reads the limits in MB (1024 × 1024 bytes) and the expiry in hours', () => {
      const { files } = loadConfig({
        FILE_SIZE_LIMIT_MB: '100',
        FILE_QUOTA_MB: '1000',
        FILE_UPLOAD_EXPIRY_HOURS: '2',
      });
      expect(files).toMatchObject({
        sizeLimitBytes: 100 * 1024 * 1024,
        quotaBytes: 1000 * 1024 * 1024,
        uploadExpiryMs: 7_200_000,
      });
    });

    it('names wrong limits', () => {
      const attempt = () =>
        loadConfig({ FILE_SIZE_LIMIT_MB: '0', FILE_QUOTA_MB: 'mye', FILE_UPLOAD_EXPIRY_HOURS: '1.5' });
      expect(attempt).toThrow(/FILE_SIZE_LIMIT_MB[\s\S]*FILE_QUOTA_MB[\s\S]*FILE_UPLOAD_EXPIRY_HOURS/);
    });

    it('uses S3 with the four S3_* settings, path-style in us-east-1 unless told otherwise', () => {
      expect(loadConfig(s3).files.storage).toEqual({
        kind: 's3',
        endpoint: 'http://minio.internal:9000',
        bucket: 'tun-files',
        region: 'us-east-1',
        accessKeyId: 'tun',
        secretAccessKey: 's3cr3t/+x',
        forcePathStyle: true,
      });
      expect(
        loadConfig({ ...s3, S3_REGION: 'eu-north-1', S3_FORCE_PATH_STYLE: 'false' }).files.storage,
      ).toMatchObject({
        region: 'eu-north-1',
        forcePathStyle: false,
      });
    });

    it('uses S3 from one S3_URL, HTTPS unless tls=false, key and secret percent-decoded', () => {
      expect(
        loadConfig({ S3_URL: 's3://tun:s3cr3t%2F%2Bx@minio.internal:9000/tun-files?tls=false' }).files
          .storage,
      ).toEqual({
        kind: 's3',
        endpoint: 'http://minio.internal:9000',
        bucket: 'tun-files',
        region: 'us-east-1',
        accessKeyId: 'tun',
        secretAccessKey: 's3cr3t/+x',
        forcePathStyle: true,
      });
      expect(
        loadConfig({
          S3_URL: 's3://AKIA:secret@s3.eu-north-1.amazonaws.com/tun-files?region=eu-north-1&pathStyle=false',
        }).files.storage,
      ).toMatchObject({
        endpoint: 'https://s3.eu-north-1.amazonaws.com',
        region: 'eu-north-1',
        forcePathStyle: false,
      });
    });

    it.each([
      ['http://k:s@host/bucket', /S3_URL: must start with s3:\/\//],
      ['s3://host/bucket', /S3_URL: needs the access key and secret/],
      ['s3://k:s@host', /S3_URL: names no bucket/],
      ['s3://k:s@host/Bucket_Name', /S3_URL: bucket must be a bucket name/],
      ['s3://k:s@host/bucket?tls=maybe', /S3_URL: tls must be true or false/],
      ['s3://k:s@host/bucket?ssl=false', /S3_URL: unknown option ssl/],
      ['s3://k:s@host/bucket?region=Oslo%201', /S3_URL: region must be a region name/],
    ])('refuses S3_URL %s', (url, message) => {
      expect(() => loadConfig({ S3_URL: url })).toThrow(message);
    });

    it('refuses S3 settings that are half there, mixed, or alone, instead of falling back to disk', () => {
      expect(() => loadConfig({ S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: s3.S3_BUCKET })).toThrow(
        /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_ENDPOINT, S3_BUCKET \(or use S3_URL\)/,
      );
      expect(() => loadConfig({ S3_URL: 's3://k:s@host/bucket', S3_BUCKET: 'other' })).toThrow(
        /S3_URL: set it or S3_BUCKET, not both/,
      );
      expect(() => loadConfig({ S3_REGION: 'eu-north-1' })).toThrow(/S3_REGION: only used with S3_URL/);
      expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: must be an http/);
      expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'kanskje' })).toThrow(/S3_FORCE_PATH_STYLE/);
    });
  });

  it('stops the server process with the message and exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, PORT: '99999' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Tun cannot start. Invalid settings:');
    expect(result.stderr).toContain('PORT');
  });
});
