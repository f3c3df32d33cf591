import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { asApiError } from '@/client/app/api';
import { Button, ButtonLink } from '@/client/ui/button';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { useToast } from '@/client/ui/toast';
import { DocumentDetailPage, type DocumentKindParts, type StoredDocumentContext } from '../document-detail-page';
import { DepositInvoiceDialog } from '../document-deposits';
import { useConvertQuoteToInvoiceMutation } from '../documents.api';

/** A stored quote's own buttons: conversion into an invoice, a deposit invoice once sent. */
function QuoteActions({ saved, busy }: StoredDocumentContext) {
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const [convertQuote, convertState] = useConvertQuoteToInvoiceMutation();
  const [depositOpen, setDepositOpen] = useState(false);
  const waiting = busy || convertState.isLoading;

  const onConvert = async () => {
    const ok = await confirm({
      title: 'Convertir en facture',
      message:
        'Une facture brouillon sera créée avec le même client, les mêmes lignes, la même TVA et les mêmes mentions ; le devis sera marqué comme accepté.',
      confirmLabel: 'Convertir',
      destructive: false,
    });
    if (!ok) return;
    try {
      const result = await convertQuote({ id: saved.id }).unwrap();
      toast.success('Le devis a été converti en facture.');
      navigate(`/invoices/${result.id}`);
    } catch (err) {
      const data = asApiError(err)?.data as { detail?: string; invoice_id?: number } | undefined;
      toast.error(data?.detail ?? 'Erreur lors de la conversion du devis en facture.');
      // Already converted: open the invoice made from it.
      if (typeof data?.invoice_id === 'number') navigate(`/invoices/${data.invoice_id}`);
    }
  };

  return (
    <>
      {/* Converted once (issue 28): the way to its invoice instead. */}
      {saved.final_invoice ? (
        <ButtonLink to={`/invoices/${saved.final_invoice.id}`}>
          Voir la facture {saved.final_invoice.invoice_number ?? `#${saved.final_invoice.id}`}
        </ButtonLink>
      ) : (
        <Button onClick={onConvert} disabled={waiting}>
          Convertir en facture
        </Button>
      )}
      {!saved.final_invoice && ['sent', 'accepted'].includes(saved.status) && (
        <Button onClick={() => setDepositOpen(true)} disabled={waiting}>
          Facture d’acompte
        </Button>
      )}
      {depositOpen && <DepositInvoiceDialog quote={saved} onClose={() => setDepositOpen(false)} />}
    </>
  );
}

const QUOTE_PARTS: DocumentKindParts = {
  actions: (context) => <QuoteActions {...context} />,
};

/** /quotes/new, /quotes/new?duplicate_id={id} and /quotes/:id: the shared document page, for quotes. */
export function QuoteDetailPage() {
  return <DocumentDetailPage kind="quote" parts={QUOTE_PARTS} />;
}
