// One chunk for the app chrome, loaded through ./chrome.ts.
export { Header } from './layout/Header';
export { LeftMenu } from './layout/LeftMenu';
