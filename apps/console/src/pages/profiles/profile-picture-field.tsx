import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Button, Image, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What Meta takes as a profile picture. */
const PICTURE_TYPES = ['image/jpeg', 'image/png'];

/** The library's JPEG and PNG images, searched by title, as picture choices. */
function useLibraryPictures(search: string) {
  return useQuery({
    queryKey: [calls.materialList.id, 'profile-pictures', search],
    queryFn: async ({ signal }) => {
      const page = await callApi(calls.materialList, {
        body: { tp: 'img', page: 1, pageSize: 50, filters: { search: search || undefined } },
        signal,
      });
      return page.records.flatMap((material) =>
        material.file && PICTURE_TYPES.includes(material.file.type)
          ? [{ value: material.file.url, label: material.title }]
          : [],
      );
    },
  });
}

/**
 * A profile set's picture: an image uploaded through `upimg` or one of the material library's
 * images, previewed; the value is the stored file's url (empty for none). An antd Form control.
 */
export function ProfilePictureField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { t } = useTranslation('profiles');
  const [uploading, setUploading] = useState(false);
  const [search, setSearch] = useState('');
  const library = useLibraryPictures(search);
  const send = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    try {
      const stored = await callApi(calls.uploadImage, { form });
      if (!PICTURE_TYPES.includes(stored.type)) throw new Error(t('pictureWrongType'));
      onChange?.(stored.url);
    } catch {
      // The request wrapper showed why.
    } finally {
      setUploading(false);
    }
  };
  return (
    <Space orientation="vertical" data-testid="profile-picture">
      <Space wrap>
        <Upload
          accept={PICTURE_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} data-testid="profile-picture-upload">
            {t('pictureUpload')}
          </Button>
        </Upload>
        <Select
          showSearch={{ filterOption: false, onSearch: setSearch }}
          placeholder={t('pictureFromLibrary')}
          value={null}
          onChange={(url: string) => onChange?.(url)}
          options={library.data ?? []}
          loading={library.isFetching}
          style={{ width: 240 }}
          data-testid="profile-picture-library"
        />
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            {t('pictureRemove')}
          </Button>
        )}
      </Space>
      <Typography.Text type="secondary">{t('pictureHelp')}</Typography.Text>
      {value && (
        <Image
          src={value}
          width={96}
          height={96}
          style={{ objectFit: 'cover' }}
          data-testid="profile-picture-preview"
        />
      )}
    </Space>
  );
}
