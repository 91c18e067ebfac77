import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { BirthdayInput } from '../components/birthday-input.js';
import { CheckboxGroup, DateInput, Dropdown, RadioGroup } from '../components/choice-inputs.js';
import { TextareaInput } from '../components/text-inputs.js';

const meta = { title: '入力/選択・日付', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const radio = { itemKey: 'visit', type: 'radio', title: '受診歴', options: ['初診', '再診'], required: true } as const;
const checkboxes = { itemKey: 'days', type: 'checkboxes', title: '希望曜日', options: ['月曜日', '火曜日', '水曜日', '木曜日', '金曜日'], maxChoices: 2 } as const;
const dropdown = { itemKey: 'area', type: 'dropdown', title: 'お住まいの地区', options: ['東区', '西区', '南区', '北区', '中央区'], required: true } as const;
const textarea = { itemKey: 'opinion', type: 'textarea', title: 'ご意見・ご要望', maxLength: 200 } as const;

export const RadioEmpty: Story = { render: () => <RadioGroup item={radio} value={undefined} onChange={fn()} /> };
export const RadioChosen: Story = { render: () => <RadioGroup item={radio} value="再診" onChange={fn()} /> };
export const RadioError: Story = { render: () => <RadioGroup item={radio} value={undefined} onChange={fn()} error="必須項目です" /> };
export const RadioNotEditable: Story = { render: () => <RadioGroup item={radio} value="初診" onChange={fn()} disabled /> };
export const CheckboxesEmpty: Story = { render: () => <CheckboxGroup item={checkboxes} value={undefined} onChange={fn()} /> };
export const CheckboxesAtMaximum: Story = { render: () => <CheckboxGroup item={checkboxes} value={['月曜日', '水曜日']} onChange={fn()} /> };
export const CheckboxesError: Story = { render: () => <CheckboxGroup item={{ ...checkboxes, required: true }} value={[]} onChange={fn()} error="必須項目です" /> };
export const DropdownEmpty: Story = { render: () => <Dropdown item={dropdown} value={undefined} onChange={fn()} /> };
export const DropdownChosen: Story = { render: () => <Dropdown item={dropdown} value="中央区" onChange={fn()} /> };
export const DropdownError: Story = { render: () => <Dropdown item={dropdown} value="" onChange={fn()} error="必須項目です" /> };
export const DateEmpty: Story = { render: () => <DateInput item={{ itemKey: 'day', type: 'date', title: '希望日' }} value={undefined} onChange={fn()} /> };
export const DateNotEditable: Story = { render: () => <DateInput item={{ itemKey: 'day', type: 'date', title: '希望日' }} value="2026-12-01" onChange={fn()} disabled /> };
export const BirthdayEmpty: Story = { render: () => <BirthdayInput item={{ itemKey: 'born', type: 'birthday', title: '生年月日', required: true }} value={undefined} onChange={fn()} thisYear={2026} /> };
export const BirthdayAtEraChange: Story = { render: () => <BirthdayInput item={{ itemKey: 'born', type: 'birthday', title: '生年月日' }} value="2019-05-01" onChange={fn()} thisYear={2026} /> };
export const BirthdayError: Story = { render: () => <BirthdayInput item={{ itemKey: 'born', type: 'birthday', title: '生年月日', required: true }} value="" onChange={fn()} error="必須項目です" thisYear={2026} /> };
export const TextareaWithCounter: Story = { render: () => <TextareaInput item={textarea} value="いつも丁寧にご対応いただき、ありがとうございます。" onChange={fn()} /> };
export const TextareaError: Story = { render: () => <TextareaInput item={{ ...textarea, required: true }} value="" onChange={fn()} error="必須項目です" /> };
export const TextareaEmpty: Story = { render: () => <TextareaInput item={textarea} value={undefined} onChange={fn()} /> };
export const TextareaNotEditable: Story = { render: () => <TextareaInput item={textarea} value="送信済みのご意見です。" onChange={fn()} disabled /> };
export const CheckboxesNotEditable: Story = { render: () => <CheckboxGroup item={checkboxes} value={['火曜日']} onChange={fn()} disabled /> };
export const DropdownNotEditable: Story = { render: () => <Dropdown item={dropdown} value="東区" onChange={fn()} disabled /> };
export const DateError: Story = { render: () => <DateInput item={{ itemKey: 'day', type: 'date', title: '希望日', required: true }} value="" onChange={fn()} error="必須項目です" /> };
export const BirthdayNotEditable: Story = { render: () => <BirthdayInput item={{ itemKey: 'born', type: 'birthday', title: '生年月日' }} value="1975-08-15" onChange={fn()} disabled thisYear={2026} /> };
export const RadioLongJapaneseText: Story = {
  render: () => (
    <RadioGroup
      item={{ itemKey: 'reason', type: 'radio', title: 'この講座を知ったきっかけ（いちばん近いものをひとつお選びください）', options: ['市の広報誌「市政だより」の講座案内ページ', '公民館・図書館などの市の施設に置いてあるチラシ', '家族・友人・知人からの紹介'] }}
      value={undefined}
      onChange={fn()}
    />
  ),
};
