export * from './client';
export * from './context';
export * from './hooks';
