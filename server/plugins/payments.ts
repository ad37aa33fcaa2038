/** The payment gateway as `app.paymentGateway` (PAYMENT_GATEWAY), on the app's clock. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPaymentGateway, type PaymentGateway } from '../payments/gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    paymentGateway: PaymentGateway;
  }
}

async function payments(app: FastifyInstance): Promise<void> {
  app.decorate('paymentGateway', createPaymentGateway(app.config.mining, { now: () => app.clock.now() }));
}

export default fp(payments, { name: 'payments', dependencies: ['config', 'clock'] });
