import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '@/config/messages';
import container from './ui/container.module.css';
import { ErrorMessage } from './ui/error-message';

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * Catches a page that fails to render or whose code fails to load (e.g. a chunk
 * gone after a deploy); retry reloads the page. Give it a `key` per location so
 * navigating away clears the error.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={container.sm} style={{ paddingTop: 64, paddingBottom: 64 }}>
        <ErrorMessage onRetry={() => window.location.reload()}>{messages.errors.unexpected}</ErrorMessage>
      </div>
    );
  }
}
