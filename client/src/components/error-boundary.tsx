import { Component, type ErrorInfo, type ReactNode } from 'react';
import Container from '@mui/material/Container';
import { messages } from '@/config/messages';
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
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <ErrorMessage onRetry={() => window.location.reload()}>{messages.errors.unexpected}</ErrorMessage>
      </Container>
    );
  }
}
