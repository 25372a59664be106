import { CheckOutlined } from '@ant-design/icons';
import type { Language, ProductTranslationListItem } from '@mostrador/contract';
import { App, Button, Flex, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { usePatchProductTranslations } from '../api';

interface TranslationEditorProps {
  item: ProductTranslationListItem;
  language: Language;
  /** The language's name in the interface language. */
  languageName: string;
}

/** One product's name and description in the chosen language, saved on their own (ctrl+enter or the button). */
export function TranslationEditor({ item, language, languageName }: TranslationEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const errorMessage = useErrorMessage();
  const save = usePatchProductTranslations();
  const [name, setName] = useState(item.translation.name ?? '');
  const [description, setDescription] = useState(item.translation.description ?? '');
  const [savedAt, setSavedAt] = useState<{ name: string; description: string }>({
    name: item.translation.name ?? '',
    description: item.translation.description ?? '',
  });
  const dirty = name !== savedAt.name || description !== savedAt.description;

  const submit = async () => {
    if (!dirty || save.isPending) return;
    try {
      await save.mutateAsync({ id: item.id, body: [{ language, name, description }] });
      setSavedAt({ name, description });
      message.success(t('productTranslations.saved', { name: item.name, language: languageName }));
    } catch (error) {
      message.error(errorMessage(error));
    }
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
  };

  return (
    <Flex vertical gap={8} style={{ minWidth: 280 }} data-testid={`translation-${item.id}`}>
      <Input
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={item.name}
        maxLength={160}
        aria-label={t('productTranslations.nameIn', { language: languageName, name: item.name })}
      />
      <Input.TextArea
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={item.description ?? ''}
        autoSize={{ minRows: 1, maxRows: 6 }}
        maxLength={4000}
        aria-label={t('productTranslations.descriptionIn', { language: languageName, name: item.name })}
      />
      <Flex gap={8} align="center" justify="flex-end">
        {!dirty && savedAt.name && (
          // The icon carries the colour; the text stays readable (success green on white is not).
          <Typography.Text type="secondary">
            <CheckOutlined aria-hidden style={{ color: token.colorSuccess }} />{' '}
            {t('productTranslations.translated')}
          </Typography.Text>
        )}
        <Button
          size="small"
          type={dirty ? 'primary' : 'default'}
          disabled={!dirty}
          loading={save.isPending}
          onClick={() => void submit()}
        >
          {t('common.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
