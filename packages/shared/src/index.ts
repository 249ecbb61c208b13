export * from './roles';
export * from './policy';
export * from './live-topics';
export * from './problem';
export * from './people';
export * from './school';
export * from './auth';
