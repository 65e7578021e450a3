// One chunk for the app chrome, loaded through ./chrome.ts.
export { Header } from '../features/layout/components/Header';
export { LeftMenu } from '../features/layout/components/LeftMenu';
