import { PortRecordPage } from './billing-pages.js';

export default PortRecordPage;
