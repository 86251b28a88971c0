export * from './catalogue';
export * from './client';
export * from './context';
export * from './hooks';
export * from './live';
export * from './query-keys';
export * from './routes';
