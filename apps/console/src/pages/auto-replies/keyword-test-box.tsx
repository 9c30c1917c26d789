import { calls, type KeywordTestReply } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberSelect } from '@ws/web-kit/pickers';
import { Alert, Button, Card, Input, List, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../components/codes/code-label.js';

/** The test box: a sample message (and the number it is written to) and which rule would answer, and why. */
export function KeywordTestBox() {
  const { t } = useTranslation('autoReplies');
  const [text, setText] = useState('');
  const [numberId, setNumberId] = useState<string>();
  const [reply, setReply] = useState<KeywordTestReply>();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      setReply(await callApi(calls.keywordTest, { body: { text, numberId: numberId ?? null } }));
    } finally {
      setRunning(false);
    }
  };
  return (
    <Card size="small" title={t('testTitle')} data-testid="keyword-test">
      <Space wrap>
        <Input
          style={{ width: 320 }}
          value={text}
          placeholder={t('testText')}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={() => text && void run()}
          data-testid="keyword-test-text"
        />
        <NumberSelect value={numberId ?? null} onChange={setNumberId} placeholder={t('numbersAll')} />
        <Button
          type="primary"
          loading={running}
          disabled={!text}
          onClick={() => void run()}
          data-testid="keyword-test-run"
        >
          {t('testRun')}
        </Button>
      </Space>
      {reply && (
        <div style={{ marginTop: 12 }} data-testid="keyword-test-result">
          {reply.opt_out ? (
            <Alert type="warning" showIcon message={t('testOptOut')} />
          ) : reply.rule ? (
            <Alert
              type="success"
              showIcon
              message={t('testWinner', {
                name: reply.rule.name,
                keyword: reply.keyword ?? '',
                material: reply.rule.material.title,
              })}
            />
          ) : (
            <Alert type="info" showIcon message={t('testNone')} />
          )}
          {reply.matches.length > 0 && (
            <List
              size="small"
              header={t('testMatches')}
              dataSource={reply.matches}
              renderItem={(match) => (
                <List.Item>
                  <Space>
                    <span>{match.name}</span>
                    <code>{match.keyword}</code>
                    {match.skipped ? (
                      <Tag>
                        <CodeLabel group="KeywordSkip" code={match.skipped} />
                      </Tag>
                    ) : (
                      <Tag color="green">{t('answers')}</Tag>
                    )}
                  </Space>
                </List.Item>
              )}
            />
          )}
        </div>
      )}
    </Card>
  );
}
