import { lazy } from 'react';

// Lazy chunks: the conversation workspace holds only these two references (bench/web: the open conversation's
// JavaScript); the panel, the dialog, their strings and styles load on first use.
export const LazyOcrPanel = lazy(() => import('./components/ocr-panel.tsx').then((module) => ({ default: module.OcrPanel })));
export const LazyWithdrawIssueDialog = lazy(() => import('./components/withdraw-issue-dialog.tsx').then((module) => ({ default: module.WithdrawIssueDialog })));
