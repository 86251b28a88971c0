export * from './common';
export * from './instructors';
export * from './taxonomy';
export * from './users';
export * from './videos';
