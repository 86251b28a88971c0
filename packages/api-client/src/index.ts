export * from './catalogue';
export * from './client';
export * from './context';
export * from './hooks';
export * from './query-keys';
export * from './routes';
