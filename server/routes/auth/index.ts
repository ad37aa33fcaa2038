/** Every way in and out: password, registration, one-time codes, password reset, Telegram, sign-out. */
import type { FastifyInstance } from 'fastify';
import loginRoutes from './login.ts';
import logoutRoutes from './logout.ts';
import otpRoutes from './otp.ts';
import passwordResetRoutes from './password-reset.ts';
import registerRoutes from './register.ts';
import telegramRoutes from './telegram.ts';

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  await app.register(loginRoutes);
  await app.register(registerRoutes);
  await app.register(otpRoutes);
  await app.register(passwordResetRoutes);
  await app.register(telegramRoutes);
  await app.register(logoutRoutes);
}
