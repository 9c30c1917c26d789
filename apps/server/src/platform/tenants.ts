/** The platform's own tenant: the platform admin's, and the owner of the system egress IPs. */
export const PLATFORM_TENANT_ID = '000000';
/** The platform admin's user name, created on the first start. */
export const ADMIN_USERNAME = 'admin';
