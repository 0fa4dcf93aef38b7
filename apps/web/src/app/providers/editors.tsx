// Who is editing the open sale. The realtime client (sale editor) injects the list; the top bar shows it.
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

export interface Editor {
  id: string;
  name: string;
}

interface EditorsApi {
  editors: Editor[];
  setEditors(editors: Editor[]): void;
}

const EditorsContext = createContext<EditorsApi | null>(null);

export function EditorsProvider({ children, initial = [] }: { children: ReactNode; initial?: Editor[] }) {
  const [editors, setEditors] = useState<Editor[]>(initial);
  const value = useMemo(() => ({ editors, setEditors }), [editors]);
  return <EditorsContext.Provider value={value}>{children}</EditorsContext.Provider>;
}

export function useEditors(): EditorsApi {
  const ctx = useContext(EditorsContext);
  if (!ctx) throw new Error('useEditors must be used inside EditorsProvider');
  return ctx;
}
