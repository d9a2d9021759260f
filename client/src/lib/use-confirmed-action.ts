import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { withReason } from './form-errors';
import { useToast } from './toast';

export interface ConfirmedActionOptions<TVariables, TResult> {
  /** The question asked first (the browser's confirm, or `ask`), unless `run` is given one of its own. */
  confirm?: string;
  /** Said once it is done. */
  done: string | ((result: TResult, variables: TVariables) => string);
  /** Said instead when a delete's answer has `deletedCount: 0`: the item had already gone (another tab, another admin). */
  gone?: string;
  /** Said when it fails, followed by the server's reason; absent: the error's own message. */
  failed?: string;
  /** Asks the question in the app's own dialog (see useConfirmDialog) instead of the browser's confirm. */
  ask?: (question: string) => Promise<boolean>;
  /** Called once it succeeded (never after a failure: the page stays, with the failure's message). */
  onDone?: (result: TResult, variables: TVariables) => unknown;
}

/** A delete's answer that deleted nothing. */
function deletedNothing(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'deletedCount' in result && result.deletedCount === 0;
}

/**
 * "Confirm, then mutate, then toast", as every list's buttons do it: `run(variables)`
 * asks the question (if any; `run(variables, question)` asks that one instead),
 * runs the mutation and says how it went; `isRunning(variables)` is true while
 * it runs for those variables (a row's spinner).
 */
export function useConfirmedAction<TResult, TVariables>(
  mutation: Pick<UseMutationResult<TResult, Error, TVariables>, 'mutateAsync' | 'isPending' | 'variables'>,
  { confirm, done, gone, failed, ask, onDone }: ConfirmedActionOptions<TVariables, TResult>,
) {
  const toast = useToast();
  const { mutateAsync, isPending, variables: running } = mutation;
  // The answer's promise, not mutate's per-call callbacks: those run only while the caller is still mounted,
  // and the change itself often unmounts it (an approved application leaves the pending list) before the
  // mutation has refetched every query it invalidates (a slow aging report): the toast was lost.
  const go = (variables: TVariables) =>
    void mutateAsync(variables).then(
      (result) => {
        if (gone !== undefined && deletedNothing(result)) toast.info(gone);
        else toast.success(typeof done === 'function' ? done(result, variables) : done);
        onDone?.(result, variables);
      },
      (error: Error) => toast.error(failed === undefined ? error.message : withReason(failed, error)),
    );
  const run = (variables: TVariables, question = confirm) => {
    if (question === undefined) go(variables);
    else if (ask !== undefined) void ask(question).then((confirmed) => {
        if (confirmed) go(variables);
      });
    else if (window.confirm(question)) go(variables);
  };
  const isRunning = useCallback((variables: TVariables) => isPending && running === variables, [isPending, running]);
  return { run, isRunning };
}
