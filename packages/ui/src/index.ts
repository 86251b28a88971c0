export * from './confirm';
export * from './form';
export * from './providers';
export * from './theme';
export * from './toast';
