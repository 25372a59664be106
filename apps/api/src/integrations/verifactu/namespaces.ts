/**
 * AEAT's namespaces, exactly the XSDs' `targetNamespace`: the files are published under `tikeV1.0/`
 * but their namespaces say `tike/`, without `V1.0`.
 */
const AEAT_WS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';

/** SOAP 1.1 envelope. */
export const NS_SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
/** `SuministroLR.xsd`: the request `RegFactuSistemaFacturacion`. */
export const NS_SUMINISTRO_LR = `${AEAT_WS}/SuministroLR.xsd`;
/** `SuministroInformacion.xsd`: the records and their common types. */
export const NS_SUMINISTRO_INFORMACION = `${AEAT_WS}/SuministroInformacion.xsd`;
/** `RespuestaSuministro.xsd`: the answer `RespuestaRegFactuSistemaFacturacion`. */
export const NS_RESPUESTA_SUMINISTRO = `${AEAT_WS}/RespuestaSuministro.xsd`;
/** The `xmlns` attributes' own namespace, for declaring prefixes with xmlbuilder2. */
export const NS_XMLNS = 'http://www.w3.org/2000/xmlns/';
