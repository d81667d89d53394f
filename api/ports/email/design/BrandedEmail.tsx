import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import { type EmailBlock, linkPieces } from './blocks';
import { EMAIL_THEME as T } from './theme';

const text: CSSProperties = { color: T.ink, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' };
const link: CSSProperties = { color: T.link, textDecoration: 'underline', wordBreak: 'break-all' };
const button: CSSProperties = {
  backgroundColor: T.red,
  borderRadius: '10px',
  color: T.white,
  fontSize: '16px',
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
  display: 'inline-block',
};

/** Text with its line breaks kept and every address a link. */
function RunningText({ value }: { value: string }) {
  const lines = value.split('\n');
  return lines.map((line, i) => (
    <span key={i}>
      {linkPieces(line).map((piece, j) =>
        'href' in piece ? (
          <Link key={j} href={piece.href} style={link}>
            {piece.href}
          </Link>
        ) : (
          piece.text
        ),
      )}
      {i < lines.length - 1 ? <br /> : null}
    </span>
  ));
}

function Block({ block }: { block: EmailBlock }): ReactNode {
  switch (block.kind) {
    case 'heading':
      return (
        <Heading
          as="h2"
          style={{ color: T.navy, fontSize: '22px', lineHeight: '30px', margin: '8px 0 12px' }}
        >
          {block.text}
        </Heading>
      );
    case 'paragraph':
      return (
        <Text style={text}>
          <RunningText value={block.text} />
        </Text>
      );
    case 'quote':
      return (
        <Text style={{ ...text, borderLeft: `4px solid ${T.line}`, paddingLeft: '12px', color: T.muted }}>
          <RunningText value={block.text} />
        </Text>
      );
    case 'image':
      return (
        // fetchPriority "low": React then writes no <link rel=preload> for it into the email's head.
        <Img
          src={block.src}
          alt={block.alt}
          width={T.width - 48}
          fetchPriority="low"
          // The width attribute is for Outlook; the style lets it shrink with a phone's column.
          style={{ width: '100%', maxWidth: `${T.width - 48}px`, height: 'auto', margin: '0 0 16px' }}
        />
      );
    case 'button':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          <Button href={block.href} style={button}>
            {block.label}
          </Button>
        </Section>
      );
    case 'amounts':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          {block.options.map((option) => (
            <Button key={option.href} href={option.href} style={{ ...button, margin: '0 8px 8px 0' }}>
              {`Give $${option.dollars}`}
            </Button>
          ))}
        </Section>
      );
    case 'footer':
      return (
        <>
          <Hr style={{ borderColor: T.line, margin: '24px 0 16px' }} />
          <Text style={{ ...text, color: T.muted, fontSize: '13px', lineHeight: '20px' }}>
            <RunningText value={block.text} />
          </Text>
        </>
      );
  }
}

/**
 * The one branded layout every email is sent in (docs/decisions/0099-designed-email-and-click-tracking.md):
 * the brand bar, the blocks on a white card, the small print. Tables and inline styles come from
 * React Email's components, which mail clients render; the column shrinks to a phone's width.
 */
export function BrandedEmail({ subject, blocks }: { subject: string; blocks: EmailBlock[] }) {
  const firstWords = blocks.find((b) => b.kind === 'paragraph' || b.kind === 'heading');
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{subject}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      {firstWords && 'text' in firstWords ? <Preview>{firstWords.text.slice(0, 140)}</Preview> : null}
      <Body style={{ backgroundColor: T.cream, fontFamily: T.font, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: `${T.width}px`, width: '100%' }}>
          <Section style={{ backgroundColor: T.navy, borderRadius: '10px 10px 0 0', padding: '16px 24px' }}>
            <Text style={{ color: T.white, fontSize: '18px', fontWeight: 700, margin: 0 }}>
              {T.brandName}
            </Text>
          </Section>
          <Section
            style={{
              backgroundColor: T.white,
              borderRadius: '0 0 10px 10px',
              padding: '24px',
              border: `1px solid ${T.line}`,
            }}
          >
            <main>
              <Heading
                as="h1"
                style={{ color: T.navy, fontSize: '24px', lineHeight: '32px', margin: '0 0 16px' }}
              >
                {subject}
              </Heading>
              {blocks.map((block, i) => (
                <Block key={i} block={block} />
              ))}
            </main>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
