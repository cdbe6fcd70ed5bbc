import './error-boundary.css';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';

interface State {
  failed: boolean;
}

/** Catches bugs in rendering (not failed reads, which are shown where their data would be). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Logged for developers; the error's text is never put on screen.
    console.warn('Rendering failed', error instanceof Error ? error.name : typeof error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <CrashScreen />;
  }
}

function CrashScreen() {
  const { t } = useI18n();
  return (
    <main className="crash">
      <h1>{t('crash.title')}</h1>
      <p>{t('crash.body')}</p>
      <div className="button-row">
        <button type="button" className="button primary" onClick={() => window.location.reload()}>
          {t('crash.reload')}
        </button>
        <button type="button" className="button secondary" onClick={() => window.location.assign('/')}>
          {t('route.home')}
        </button>
      </div>
    </main>
  );
}
