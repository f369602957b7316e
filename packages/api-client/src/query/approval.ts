import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getApprovalMatrix, getExchangeRates, saveApprovalMatrix, saveExchangeRates } from '@imprest/api-client';
import type { ApprovalBand, ExchangeRates } from '@imprest/domain';

export const approvalKeys = {
  matrix: ['approval', 'matrix'] as const,
  rates: ['approval', 'exchange-rates'] as const,
};

export function useApprovalMatrix() {
  return useQuery({ queryKey: approvalKeys.matrix, queryFn: () => getApprovalMatrix().then((r) => r.data) });
}

export function useExchangeRates() {
  return useQuery({ queryKey: approvalKeys.rates, queryFn: () => getExchangeRates().then((r) => r.data) });
}

export function useSaveApprovalMatrix() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bands: ApprovalBand[]) => saveApprovalMatrix(bands).then((r) => r.data),
    onSuccess: (data) => client.setQueryData(approvalKeys.matrix, data),
  });
}

export function useSaveExchangeRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rates: ExchangeRates) => saveExchangeRates(rates).then((r) => r.data),
    onSuccess: (data) => client.setQueryData(approvalKeys.rates, data),
  });
}
