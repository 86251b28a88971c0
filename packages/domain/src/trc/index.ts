export * from './contracts';
export * from './link';
export * from './messages';
export * from './policy';
