import { Progress } from '@mantine/core';

interface UploadProgressProps {
  /** Whole per cent. */
  value: number;
  /** Says whose progress it is: "Opplasting av film.mp4". */
  label: string;
  /** What a screen reader reads for the value: "12 MB av 50 MB (24 %)". */
  valueText: string;
  color?: string;
}

/**
 * Mantine's Progress names its bar but reads the value as a bare per cent; this one says the
 * bytes as well. The aria attributes go on the section itself (Mantine's own are switched off).
 * Neither striped nor animated: an upload can run for minutes, and stripes moving that long are
 * a distraction WCAG 2.2.2 would have the user be able to stop.
 */
export function UploadProgress({ value, label, valueText, color }: UploadProgressProps) {
  return (
    <Progress.Root size="md" radius="sm">
      <Progress.Section
        value={value}
        color={color}
        withAria={false}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={valueText}
      />
    </Progress.Root>
  );
}
