import type { ReactNode } from 'react';
import { APP_VERSION } from '@mirante/shared';
import { LandingHero } from './LandingHero';

/** The landing layout shared by login, recovery and password definition: brand panel and a form card. */
export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className="landing">
      <LandingHero />
      <section className="landing-form">
        <div className="auth-card">
          <h2>{title}</h2>
          <p className="auth-card__subtitle">{subtitle}</p>
          {children}
        </div>
        <footer className="landing-form__footer">Mirante · versão {APP_VERSION}</footer>
      </section>
    </main>
  );
}
