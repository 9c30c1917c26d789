import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { calls, PROFILE_LIMITS, PROFILE_VERTICALS, type ProfileSet, type ProfileSetInput } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useLanguage } from '@ws/web-kit/i18n';
import { Button, Form, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { codeName } from '../../components/codes/code-names.js';
import { type EditDialogProps, ModalForm } from '../../components/form/index.js';
import { ProfilePictureField } from './profile-picture-field.js';

type Fields = ProfileSetInput;
const EMPTY: Fields = {
  name: '',
  about: '',
  description: '',
  address: '',
  email: '',
  websites: [],
  vertical: '',
  picture: '',
};
const WEBSITE = /^https?:\/\/\S+$/;

/** Adds a profile set or edits `editing`: Meta's limits as character counters, the category by name. */
export function ProfileSetForm({ open, editing, onClose, onSaved }: EditDialogProps<ProfileSet>) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  const [form] = Form.useForm<Fields>();
  useEffect(() => {
    if (open)
      form.setFieldsValue(editing ? { ...EMPTY, ...editing, vertical: editing.vertical as Fields['vertical'] } : EMPTY);
  }, [open, editing, form]);
  const save = async (fields: Fields) => {
    const body = { ...EMPTY, ...fields, websites: (fields.websites ?? []).filter(Boolean) };
    if (editing) await callApi(calls.profileEdit, { body: { ...body, id: editing.id }, notifySuccess: true });
    else await callApi(calls.profileAdd, { body, notifySuccess: true });
    onSaved();
  };
  const verticals = [
    { value: '', label: t('verticalNone') },
    ...PROFILE_VERTICALS.map((code) => ({ value: code, label: codeName(language, 'ProfileVertical', code) })),
  ];
  return (
    <ModalForm<Fields>
      open={open}
      form={form}
      title={editing ? t('editTitle') : t('addTitle')}
      okText={t('save')}
      onSubmit={save}
      onClose={onClose}
      width={640}
      testId="profile-form"
      okTestId="profile-form-save"
    >
      <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('nameRule') }]}>
        <Input maxLength={64} autoFocus data-testid="profile-form-name" />
      </Form.Item>
      <Form.Item name="about" label={t('about')} extra={t('aboutHelp')}>
        <Input maxLength={PROFILE_LIMITS.about} showCount data-testid="profile-form-about" />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea
          maxLength={PROFILE_LIMITS.description}
          rows={3}
          showCount
          data-testid="profile-form-description"
        />
      </Form.Item>
      <Form.Item name="address" label={t('address')}>
        <Input maxLength={PROFILE_LIMITS.address} showCount />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={[{ type: 'email', message: t('emailRule') }]}>
        <Input maxLength={PROFILE_LIMITS.email} showCount data-testid="profile-form-email" />
      </Form.Item>
      <Form.List name="websites">
        {(items, { add, remove }) => (
          <Form.Item label={t('websites')}>
            {items.map((item) => (
              <Space key={item.key} align="baseline">
                <Form.Item name={item.name} rules={[{ pattern: WEBSITE, message: t('websiteRule') }]}>
                  <Input maxLength={PROFILE_LIMITS.website} placeholder="https://" style={{ width: 420 }} />
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(item.name)} />
              </Space>
            ))}
            {items.length < PROFILE_LIMITS.websites && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add('')}
                data-testid="profile-form-website-add"
              >
                {t('addWebsite')}
              </Button>
            )}
          </Form.Item>
        )}
      </Form.List>
      <Form.Item name="vertical" label={t('vertical')}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={verticals} data-testid="profile-form-vertical" />
      </Form.Item>
      <Form.Item name="picture" label={t('picture')}>
        <ProfilePictureField />
      </Form.Item>
    </ModalForm>
  );
}
