/** Ports and fixtures shared by the e2e stack (support/test-stack.ts) and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4391);
export const E2E_SMTP_PORT = 4393;
export const E2E_MAILBOX_PORT = 4394;
export const E2E_TELEGRAM = { token: '123456789:AAE2eTestBotTokenForSigningWidgetData', username: 'hashharbor_test_bot' };
/** The running server's operator console (`npm run operator` reaches the in-memory database through it). */
export const E2E_OPERATOR_SOCKET = `/tmp/hashharbor-e2e-${E2E_PORT}.sock`;
