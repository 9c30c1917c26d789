import { PaperClipOutlined } from '@ant-design/icons';
import { EVIDENCE_FILE_TYPES, MAX_EVIDENCE_FILE_BYTES } from '@ws/contract';
import { Button, Upload } from 'antd';

/** Refuses a file that is not a PDF or an image, or is too large (the server checks its content too). */
export async function checkEvidenceFile(file: File | undefined, message: string): Promise<void> {
  if (!file) return;
  const types: readonly string[] = EVIDENCE_FILE_TYPES;
  if (!types.includes(file.type) || file.size > MAX_EVIDENCE_FILE_BYTES || file.size === 0) throw new Error(message);
}

/** One evidence file (a PDF or an image), kept in the form until the list is uploaded; an antd Form control. */
export function EvidenceFilePicker({
  value,
  onChange,
  chooseText,
}: {
  value?: File;
  onChange?: (file: File | undefined) => void;
  chooseText: string;
}) {
  return (
    // The test id sits on a wrapper: Upload does not pass it to its element.
    <div data-testid="audience-evidence-file">
      <Upload
        accept={EVIDENCE_FILE_TYPES.join(',')}
        maxCount={1}
        fileList={value ? [{ uid: 'evidence', name: value.name, status: 'done' }] : []}
        onRemove={() => onChange?.(undefined)}
        beforeUpload={(file) => {
          onChange?.(file);
          return false;
        }}
      >
        <Button icon={<PaperClipOutlined />}>{chooseText}</Button>
      </Upload>
    </div>
  );
}
