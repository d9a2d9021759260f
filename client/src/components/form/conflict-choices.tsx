import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { formMessages } from '@/config/form-messages';

const m = formMessages.conflict;

export type ConflictChoice = 'mine' | 'theirs';

/** A field that another save changed after the form read it: the form's value and the one saved now. */
export interface ConflictField {
  key: string;
  label: string;
  mine: ReactNode;
  theirs: ReactNode;
}

interface ConflictChoicesProps {
  fields: readonly ConflictField[];
  choices: Readonly<Record<string, ConflictChoice | undefined>>;
  onChoose: (key: string, choice: ConflictChoice) => void;
  /** Said when a save was tried before every field had a choice. */
  error?: string;
}

function Value({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
      {children === '' || children === undefined || children === null ? m.empty : children}
    </Box>
  );
}

/**
 * After a 409 ("changed meanwhile"): the fields the store's copy changed since
 * the form read it, each with the admin's value and the one saved now, and a
 * choice between them. The form sends the new version only once every field
 * has a choice (the edit forms of products, categories and quote prices).
 */
export function ConflictChoices({ fields, choices, onChoose, error }: ConflictChoicesProps) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid="conflict"
      sx={{ border: 2, borderColor: 'warning.main', borderRadius: 2, p: 2, display: 'grid', gap: 1.5, bgcolor: 'background.paper' }}
    >
      <Typography id={`${id}-title`} component="h3" sx={{ fontWeight: 800, fontSize: '1rem' }} role="alert">
        {m.title}
      </Typography>
      <Typography variant="body2">{m.intro}</Typography>
      {fields.map((field) => (
        <Box
          key={field.key}
          component="fieldset"
          data-testid={`conflict-${field.key}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, m: 0, px: 1.5, pb: 1, minWidth: 0 }}
        >
          <Typography component="legend" sx={{ fontWeight: 700, px: 0.5 }}>
            {field.label}
          </Typography>
          <RadioGroup value={choices[field.key] ?? ''} onChange={(_, value) => onChoose(field.key, value as ConflictChoice)}>
            <FormControlLabel
              value="mine"
              control={<Radio size="small" />}
              label={
                <span>
                  {m.keepMine}: <Value>{field.mine}</Value>
                </span>
              }
            />
            <FormControlLabel
              value="theirs"
              control={<Radio size="small" />}
              label={
                <span>
                  {m.takeTheirs}: <Value>{field.theirs}</Value>
                </span>
              }
            />
          </RadioGroup>
        </Box>
      ))}
      {error && (
        <Typography role="alert" color="error" sx={{ fontWeight: 600 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
